import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- sharding.py -------------------------------------------------------------
AXIS_NAMES = dict(path="paths", dim="dims")


def device_mesh():
    return jax.make_mesh((2, 4), (AXIS_NAMES["path"], AXIS_NAMES["dim"]))


def replicate_over(x, axis_name):
    return jax.lax.all_gather(x, axis_name, to="reduced", tiled=True)


# ---- _step_size_controller/clip.py -------------------------------------------
def filter_shard_map(fn=None, **kw):
    if fn is None:
        return functools.partial(filter_shard_map, **kw)
    return jax.jit(jax.shard_map(fn, **kw))


class ClipStepSizeController:
    def __init__(self, dtmax, path_axis=AXIS_NAMES["path"]):
        self.dtmax = dtmax
        self.path_axis = path_axis

    def worst_error(self, err):
        per_path = replicate_over(err, self.path_axis)
        return jax.lax.pmax(per_path, self.path_axis)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) * 1e-4,)


def main(err):
    mesh = device_mesh()
    ctrl = ClipStepSizeController(dtmax=0.5)
    spec = P(AXIS_NAMES["path"], AXIS_NAMES["dim"])

    @filter_shard_map(mesh=mesh, in_specs=spec, out_specs=P(None, AXIS_NAMES["dim"]))
    def worst(e):
        return ctrl.worst_error(e)

    print(worst(jax.device_put(jnp.asarray(err), NamedSharding(mesh, spec))).shape)


if __name__ == "__main__":
    main(*inputs())
