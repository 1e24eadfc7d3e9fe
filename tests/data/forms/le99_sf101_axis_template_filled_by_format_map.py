"""An axis template filled by `str.format_map` from the parsed mesh: `"{last}"` is "j", the axis the
psum just summed."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "i=2,j=4"
GATHER = "{last}"


def main():
    sizes = dict(part.split("=") for part in MESH.split(","))
    names = tuple(sizes)
    fields = {"first": names[0], "last": names[-1]}
    mesh = jax.make_mesh(tuple(int(v) for v in sizes.values()), names)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, GATHER.format_map(fields), axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
