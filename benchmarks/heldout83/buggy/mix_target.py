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


def mixup_target(target, num_classes, lam=1.0, smoothing=0.0, batch_axis="batch"):
    off_value = smoothing / num_classes
    on_value = 1.0 - smoothing + off_value
    y1 = one_hot(target, num_classes, on_value, off_value)
    y2 = gather_reduced(y1, batch_axis, dim=0)[::-1]
    y1 = gather_reduced(y1, batch_axis, dim=0)
    return y1 * lam + y2 * (1.0 - lam)


class Mixup:
    def __init__(self, num_classes, label_smoothing=0.1, seed=0, **kwargs):
        self.num_classes = num_classes
        self.label_smoothing = label_smoothing
        self.rng = np.random.default_rng(seed)
        self.kwargs = kwargs

    def target_fn(self):
        lam, _ = sample_lam(self.rng)
        return functools.partial(mixup_target, num_classes=self.num_classes, lam=lam,
                                 smoothing=self.label_smoothing, **self.kwargs)


def inputs():
    return (np.arange(8, dtype=np.int32) % 4,)


def main(target):
    mesh = create_mesh()
    mixup_fn = Mixup(num_classes=4, label_smoothing=0.1, batch_axis=mesh.axis_names[0])
    target = place(target, mesh, P("batch"))
    return shard_module(mixup_fn.target_fn(), mesh, P("batch"), P(reduced={"batch"}))(target)


if __name__ == "__main__":
    print(main(*inputs()))
