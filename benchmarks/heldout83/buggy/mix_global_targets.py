import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(2, 4), axis_names=("batch", "model")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


# --- timm_jax/data/mixup.py (host side) -------------------------------------------------------


def one_hot(x, num_classes, on_value=1.0, off_value=0.0):
    return jnp.where(jax.nn.one_hot(x, num_classes) > 0, on_value, off_value)


def sample_lam(rng, mixup_alpha=0.8, cutmix_alpha=1.0, switch_prob=0.5):
    use_cutmix = cutmix_alpha > 0 and rng.random() < switch_prob
    alpha = cutmix_alpha if use_cutmix else mixup_alpha
    return float(rng.beta(alpha, alpha)), use_cutmix


class Mixup:
    def __init__(self, num_classes, label_smoothing=0.1, batch_axes=("batch",), class_axis="model"):
        self.num_classes = num_classes
        self.label_smoothing = label_smoothing
        self.batch_axes = batch_axes
        self.class_axis = class_axis

    def global_targets(self, y):
        full = gather_reduced(y, self.class_axis, dim=1)
        return gather_reduced(full, self.batch_axes, dim=0)

    def __call__(self, y):
        return self.global_targets(y)


def create_mixup(mesh, **overrides):
    args = dict(num_classes=16, label_smoothing=0.1, batch_axes=mesh.axis_names)
    args.update(overrides)
    return Mixup(**args)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.uniform(0.0, 1.0, (8, 16)).astype(np.float32),)


def main(y):
    mesh = create_mesh()
    mixup_fn = create_mixup(mesh, label_smoothing=0.0)
    y = place(y, mesh, P("batch", "model"))
    out = P(None, None, reduced={"batch", "model"})
    return shard_module(mixup_fn, mesh, P("batch", "model"), out)(y)


if __name__ == "__main__":
    print(main(*inputs()))
