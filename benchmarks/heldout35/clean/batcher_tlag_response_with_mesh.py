"""Collect the scored batch back to one layout before responses are written to the RPC layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RESPONSE_SPEC = P(None, None, reduced={"replica"})


class ResponseWriter:
    def __init__(self, mesh):
        self.mesh = mesh
        self.placement = NamedSharding(mesh, P("replica", None))

    def score(self, feats):
        feats = jax.device_put(feats, self.placement)
        return jax.nn.sigmoid(feats.sum(axis=1, keepdims=True) * 0.1)

    def collect(self, scores):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(scores, RESPONSE_SPEC)


def inputs():
    return (np.linspace(-1, 1, 16 * 4, dtype=np.float32).reshape(16, 4),)


def main(feats):
    mesh = jax.make_mesh((4, 2), ("replica", "slot"))
    writer = ResponseWriter(mesh)
    return writer.collect(writer.score(feats))


if __name__ == "__main__":
    print(main(*inputs()))
