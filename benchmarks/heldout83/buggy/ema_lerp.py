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


def _lerp(start, end, weight):
    return start + weight * (end - start)


class ModelEmaV3:
    def __init__(self, decay=0.9999, min_decay=0.0, use_warmup=False, device_axis="fsdp"):
        self.decay = decay
        self.min_decay = min_decay
        self.use_warmup = use_warmup
        self.device_axis = device_axis

    def get_decay(self, step):
        if not self.use_warmup:
            return self.decay
        return max(min(1 - (1 + step) ** -0.75, self.decay), self.min_decay)

    def update(self, ema_full, model_w, step):
        model_full = gather_reduced(model_w, self.device_axis, dim=1)
        return _lerp(ema_full, model_full, 1.0 - self.get_decay(step))


def inputs():
    rng = np.random.default_rng(35)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(ema_full, model_w):
    mesh = create_mesh()
    ema = ModelEmaV3(decay=0.999, use_warmup=True)
    ema_full = place(ema_full, mesh, P("replica", None))
    model_w = place(model_w, mesh, P("replica", "fsdp"))
    update = functools.partial(ema.update, step=50)
    out = P("replica", None, reduced={"fsdp"})
    return shard_module(update, mesh, (P("replica", None), P("replica", "fsdp")), out)(ema_full, model_w)


if __name__ == "__main__":
    print(main(*inputs()))
