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
    def __init__(self, num_classes, label_smoothing=0.1, batch_axis="batch", log_class_counts=False):
        self.num_classes = num_classes
        self.label_smoothing = label_smoothing
        self.batch_axis = batch_axis
        self.log_class_counts = log_class_counts

    def full_targets(self, y):
        off = self.label_smoothing / self.num_classes
        soft = one_hot(y, self.num_classes, 1.0 - self.label_smoothing + off, off)
        return gather_reduced(soft, self.batch_axis, dim=0)

    def __call__(self, y):
        targets = self.full_targets(y)
        if not self.log_class_counts:
            return targets, jnp.zeros((self.num_classes,), jnp.float32)
        class_counts = jax.lax.psum(targets.sum(axis=0), self.batch_axis)
        return targets, class_counts


def inputs():
    return (np.arange(8, dtype=np.int32) % 4,)


def main(y):
    mesh = create_mesh()
    mixup_fn = Mixup(num_classes=4, batch_axis="batch", log_class_counts=True)
    y = place(y, mesh, P("batch"))
    return shard_module(mixup_fn, mesh, P("batch"), (P(reduced={"batch"}), P()))(y)


if __name__ == "__main__":
    print(main(*inputs()))
