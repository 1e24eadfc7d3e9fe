"""`exec` of a literal text that writes a module object itself (`sys.modules[...].SYNC = ...`),
not a name: SYNC may be anything afterwards (here the one axis the psum result still varies on)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYNC = ("i", "j")
exec("import sys; [m for m in list(sys.modules.values()) if getattr(m, 'SYNC', 0) == ('i', 'j')][0].SYNC = ('i',)")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        return jax.lax.psum(jax.lax.psum(block, "j"), SYNC)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
