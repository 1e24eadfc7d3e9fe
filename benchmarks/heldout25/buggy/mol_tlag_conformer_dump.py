"""Generate conformers on the mesh and dump them per molecule shard for an SDF writer."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StageLayout:
    generate: P = P(("mol", "atom"), None, None)
    dump: P = P("atom", None, None)


LAYOUT = StageLayout()


def build_generator(mesh):
    def generate(seed_coords, noise):
        return seed_coords + 0.05 * noise
    return jax.jit(generate, out_shardings=NamedSharding(mesh, LAYOUT.generate))


def inputs():
    rng = np.random.default_rng(8)
    return (rng.normal(size=(16, 12, 3)).astype(np.float32),
            rng.normal(size=(16, 12, 3)).astype(np.float32))


def main(seed_coords, noise):
    mesh = jax.make_mesh((2, 4), ("mol", "atom"))
    generate = build_generator(mesh)
    with jax.set_mesh(mesh):
        conformers = generate(seed_coords, noise)
        return top_level_all_gather(conformers, LAYOUT.dump)


if __name__ == "__main__":
    print(main(*inputs()))
