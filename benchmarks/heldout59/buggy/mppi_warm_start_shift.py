"""Receding-horizon warm start: shift the nominal control sequence one block along the horizon."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def shift_perm(n):
    return [(i, (i - 1) % n) for i in range(n)]


class WarmStart:
    def __init__(self, mesh, horizon_axis="step", sample_axis="sample"):
        self.mesh = mesh
        self.horizon_axis = horizon_axis
        self.sample_axis = sample_axis
        self.perm = shift_perm(mesh.shape[horizon_axis])

    def nominal(self, controls):
        return jax.lax.all_gather(controls, self.horizon_axis, axis=1, tiled=True, to="reduced")

    def shift(self, controls):
        plan = self.nominal(controls)
        return jax.lax.ppermute(plan, self.horizon_axis, perm=self.perm)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 100.0,)


def main(controls):
    mesh = jax.make_mesh((2, 4), ("sample", "step"))
    ws = WarmStart(mesh)
    spec = P("sample", "step")
    controls = jax.device_put(controls, NamedSharding(mesh, spec))
    shifted = jax.shard_map(functools.partial(WarmStart.shift, ws), mesh=mesh,
                            in_specs=spec, out_specs=P("sample", "step"))(controls)
    return shifted


if __name__ == "__main__":
    main(*inputs())
