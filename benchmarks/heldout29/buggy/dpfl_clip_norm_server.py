"""DP-FedAvg simulation: client update norms for adaptive clipping, gathered at the server."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Server:
    def __init__(self, client_axis="clients", shard_axis="params", target_quantile=0.5):
        self.client_axis = client_axis
        self.shard_axis = shard_axis
        self.target_quantile = target_quantile

    def update_norms(self, deltas):
        sq = jax.lax.psum(jnp.sum(deltas ** 2, axis=1), self.shard_axis)
        return jnp.sqrt(sq)

    def norm_table(self, deltas):
        norms = self.update_norms(deltas)
        return jax.lax.all_gather(norms, self.shard_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(501)
    return (rng.standard_normal((16, 32)).astype(np.float32) * 0.1,)


def main(deltas):
    server = Server()
    mesh = jax.make_mesh((4, 2), (server.client_axis, server.shard_axis))
    deltas = jax.device_put(deltas, NamedSharding(mesh, P(server.client_axis, server.shard_axis)))
    fn = jax.shard_map(server.norm_table, mesh=mesh, in_specs=P(server.client_axis, server.shard_axis),
                       out_specs=P(None, server.client_axis, reduced={server.shard_axis}))
    return fn(deltas)


if __name__ == "__main__":
    print(main(*inputs()))
