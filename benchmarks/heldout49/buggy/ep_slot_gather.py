"""Expert slot buffers collected from every FSDP and EP shard for capacity debugging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SlotBuffer:
    def __init__(self, mesh):
        self.dp, self.ep = mesh.axis_names

    def occupancy(self, slots):
        return (slots != 0).astype(jnp.float32).sum(axis=-1)

    def collect(self, slots):
        occ = self.occupancy(slots)
        per_dp = jax.lax.all_gather(occ, self.dp, axis=0, tiled=True, to="reduced")
        everything = jax.lax.all_gather(per_dp, (self.dp, self.ep), axis=1, tiled=True, to="reduced")
        return everything


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "ep"))
    slots = np.random.default_rng(15).integers(0, 3, size=(4, 16, 6)).astype(np.int32)
    return mesh, jax.device_put(slots, NamedSharding(mesh, P("fsdp", "ep", None)))


def main(mesh, slots):
    buf = SlotBuffer(mesh)
    f = jax.shard_map(buf.collect, mesh=mesh, in_specs=P("fsdp", "ep", None),
                      out_specs=P(None, None, reduced={"fsdp", "ep"}))
    return f(slots)


if __name__ == "__main__":
    main(*inputs())
