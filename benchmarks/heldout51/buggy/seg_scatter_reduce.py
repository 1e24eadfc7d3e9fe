"""Scatter-add of edge messages into node rows, then a reduce-scatter back to row owners."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NNZ = "nnz"


def scatter_messages(msgs, dst, num_nodes):
    return jnp.zeros((num_nodes, msgs.shape[1]), msgs.dtype).at[dst].add(msgs)


def owner_rows(nodes, axis_name=NNZ):
    table = jax.lax.all_gather(nodes, axis_name, axis=1, tiled=True, to="reduced")
    return jax.lax.psum_scatter(table, axis_name, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(52)
    msgs = rng.normal(size=(32, 8)).astype(np.float32)
    dst = rng.integers(0, 8, size=32).astype(np.int32)
    return msgs, dst


def main(msgs, dst):
    mesh = jax.make_mesh((4, 2), (NNZ, "feat"))
    msgs = jax.device_put(msgs, NamedSharding(mesh, P(NNZ, "feat")))
    dst = jax.device_put(dst, NamedSharding(mesh, P(NNZ)))

    def body(m, d):
        return owner_rows(scatter_messages(m, d, 8))

    return jax.shard_map(body, mesh=mesh, in_specs=(P(NNZ, "feat"), P(NNZ)),
                         out_specs=P(NNZ, "feat"))(msgs, dst)


if __name__ == "__main__":
    main(*inputs())
