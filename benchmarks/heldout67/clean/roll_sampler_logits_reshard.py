"""Rollout sampler: the vocab-parallel logits are viewed by the evaluator in its own layout."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLER_SPEC = P(None, ("dp", "tp"))


def evaluator_spec(axes):
    return P(None, axes[1:], reduced=set(axes[:1]))


class Sampler:
    def __init__(self, mesh):
        self.mesh = mesh
        self.sharding = NamedSharding(mesh, SAMPLER_SPEC)

    def logits(self, hidden, w):
        return jax.device_put(hidden @ w, self.sharding)


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    return mesh, jnp.ones((4, 8)), jnp.ones((8, 16))


def main(mesh, hidden, w):
    with jax.set_mesh(mesh):
        logits = Sampler(mesh).logits(hidden, w)
        return jax.reshard(top_level_all_gather(logits, P(None, None, reduced=set(mesh.axis_names))),
                           P(None, "tp"))


if __name__ == "__main__":
    main(*inputs())
