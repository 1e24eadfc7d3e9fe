import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _misc.py ----------------------------------------------------------------
AXES = ("rows", "cols")


def device_mesh():
    return jax.make_mesh((4, 2), AXES)


def to_reduced(x, axis_name, **kwargs):
    return jax.lax.all_gather(x, axis_name, to="reduced", tiled=True, **kwargs)


class BlockLU:
    block_axis = AXES[0]
    panel_axes = AXES

    def factor(self, a):
        column = to_reduced(jnp.abs(a), self.block_axis, axis=0)
        column = jax.lax.pcast(column, self.block_axis, to="varying")
        return to_reduced(column, self.panel_axes, axis=1)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(a):
    mesh = device_mesh()
    spec = P(*AXES)
    f = jax.shard_map(BlockLU().factor, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced=set(AXES)))
    print(jax.jit(f)(jax.device_put(jnp.asarray(a), NamedSharding(mesh, spec))).shape)


if __name__ == "__main__":
    main(*inputs())
