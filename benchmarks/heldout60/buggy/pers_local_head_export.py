"""Personal heads are exported in a format picked from a registry of exporters."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_FORMATS = {
    "per_client": P("client", None, reduced={"head"}),
    "per_head": P("head", None, reduced={"client"}),
}


def build_init(mesh):
    sharding = NamedSharding(mesh, P("client", "head"))
    return jax.jit(lambda key: jax.random.normal(key, (8, 16)) * 0.02, out_shardings=sharding)


def export_heads(heads, fmt):
    return top_level_all_gather(heads, EXPORT_FORMATS[fmt])


def inputs():
    return (np.array([0, 7], dtype=np.uint32),)


def main(key):
    mesh = jax.make_mesh((2, 4), ("client", "head"))
    init = build_init(mesh)
    heads = init(key)
    with jax.set_mesh(mesh):
        return export_heads(heads, "per_head")


if __name__ == "__main__":
    main(*inputs())
