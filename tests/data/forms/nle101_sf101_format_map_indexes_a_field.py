"""`"{names[0]}"` indexes the `names` field: format_map gives "i", on which the j-summed block
varies, not the whole tuple nor its last name."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "i=2,j=4"
GATHER = "{names[0]}"


def main():
    sizes = dict(part.split("=") for part in MESH.split(","))
    names = tuple(sizes)
    mesh = jax.make_mesh(tuple(int(v) for v in sizes.values()), names)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, GATHER.format_map({"names": names}), axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
