import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(4, 2), axis_names=("replica", "fsdp")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


class ModelEmaV3:
    def __init__(self, decay=0.9999, device_axis="fsdp", export_axes=("fsdp",)):
        self.decay = decay
        self.device_axis = device_axis
        self.export_axes = export_axes

    def eval_weights(self, ema_w):
        return gather_reduced(ema_w, self.device_axis, dim=1)

    def state_dict(self, ema_w):
        full = self.eval_weights(ema_w)
        return gather_reduced(full, self.export_axes, dim=0)


def create_ema(mesh, **ema_kwargs):
    replica, fsdp = mesh.axis_names
    ema_kwargs.setdefault("export_axes", (fsdp,))
    return ModelEmaV3(device_axis=fsdp, **ema_kwargs)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(ema_w):
    mesh = create_mesh()
    ema = create_ema(mesh, decay=0.999, export_axes=mesh.axis_names)
    ema_w = place(ema_w, mesh, P("replica", "fsdp"))
    out = P(None, None, reduced={"replica", "fsdp"})
    return shard_module(ema.state_dict, mesh, P("replica", "fsdp"), out)(ema_w)


if __name__ == "__main__":
    print(main(*inputs()))
