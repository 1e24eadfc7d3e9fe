import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PART, VERT = "part", "vert"
STORAGE = P(PART, VERT)


def export_vertex_colours(colours, mesh):
    with jax.set_mesh(mesh):
        colours = jax.device_put(colours, NamedSharding(mesh, STORAGE))
        return top_level_all_gather(colours, P(None, None, reduced={PART, VERT}))


def inputs():
    rng = np.random.default_rng(53)
    return (rng.random(size=(8, 16)).astype(np.float32),)


def main(colours):
    mesh = jax.make_mesh((2, 4), (PART, VERT))
    out = export_vertex_colours(colours, mesh)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
