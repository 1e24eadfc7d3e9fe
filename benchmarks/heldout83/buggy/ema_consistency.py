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
    def __init__(self, decay=0.9999, device_axis="fsdp", check_every=0):
        self.decay = decay
        self.device_axis = device_axis
        self.check_every = check_every

    def full(self, w):
        return gather_reduced(w, self.device_axis, dim=1)

    def max_divergence(self, ema_w, model_w):
        diff = self.full(ema_w) - self.full(model_w)
        return jax.lax.pmax(jnp.abs(diff).sum(axis=1), self.device_axis)

    def update(self, ema_w, model_w, step):
        new = self.decay * ema_w + (1.0 - self.decay) * model_w
        if self.check_every and step % self.check_every == 0:
            return new, self.max_divergence(new, model_w)
        return new, jnp.zeros(new.shape[:1], jnp.float32)


def inputs():
    rng = np.random.default_rng(32)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(ema_w, model_w):
    mesh = create_mesh()
    ema = ModelEmaV3(decay=0.99, check_every=100)
    spec = P("replica", "fsdp")
    ema_w, model_w = place(ema_w, mesh, spec), place(model_w, mesh, spec)
    step = functools.partial(ema.update, step=200)
    return shard_module(step, mesh, (spec, spec), (spec, P("replica")))(ema_w, model_w)


if __name__ == "__main__":
    print(main(*inputs()))
