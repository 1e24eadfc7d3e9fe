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


def clip_grad_norm(grad, max_norm, norm_axes):
    sq = jnp.sum(grad * grad)
    total = jnp.sqrt(jax.lax.psum(sq, norm_axes))
    return grad * jnp.minimum(1.0, max_norm / (total + 1e-6))


class ModelEmaV3:
    def __init__(self, decay=0.9999):
        self.decay = decay

    def update(self, ema_w, w):
        return self.decay * ema_w + (1 - self.decay) * w


def make_train_step(mesh, ema, lr=0.1, clip_grad=1.0):
    replica_axis = mesh.axis_names[0]

    def train_step(w, ema_w, x):
        grad = jnp.tanh(x) * w
        grad = jax.lax.pmean(grad, replica_axis)
        if clip_grad is not None:
            grad = clip_grad_norm(grad, clip_grad, mesh.axis_names[1:])
        w = w - lr * grad
        return w, ema.update(ema_w, w)

    return train_step


def inputs():
    rng = np.random.default_rng(34)
    w = rng.standard_normal((8, 16)).astype(np.float32)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    return w, x


def main(w, x):
    mesh = create_mesh()
    ema = ModelEmaV3(decay=0.99)
    step = make_train_step(mesh, ema, clip_grad=5.0)
    w = place(w, mesh, P("fsdp", None))
    ema_w = place(np.asarray(w), mesh, P("fsdp", None))
    x = place(x, mesh, P("replica", None))
    specs = (P("fsdp", None), P("fsdp", None), P("replica", None))
    return shard_module(lambda w, e, x: step(w, e, x[:4]), mesh, specs, (P("fsdp", None), P("fsdp", None)))(w, ema_w, x)


if __name__ == "__main__":
    print(main(*inputs()))
