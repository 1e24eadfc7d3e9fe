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
    def __init__(self, mixup_alpha=0.8, cutmix_alpha=1.0, mode="batch", batch_axis="batch", seed=0):
        self.mixup_alpha = mixup_alpha
        self.cutmix_alpha = cutmix_alpha
        self.mode = mode
        self.batch_axis = batch_axis
        self.rng = np.random.default_rng(seed)

    def _lam(self, noise):
        lam_local = jax.nn.sigmoid(noise[:, 0])
        if self.mode == "batch":
            return jax.lax.pmean(lam_local.mean(keepdims=True), self.batch_axis)
        return lam_local[:1]

    def lam_log(self, lam):
        return jax.lax.all_gather(lam, self.batch_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, x, noise):
        lam = self._lam(noise)
        mixed = lam[0] * x + (1.0 - lam[0]) * x[::-1]
        return mixed, self.lam_log(lam)


MIXUP_ARGS = dict(mixup_alpha=0.8, cutmix_alpha=1.0, mode="batch")


def inputs():
    rng = np.random.default_rng(40)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)


def main(x, noise):
    mesh = create_mesh()
    mixup_fn = Mixup(**MIXUP_ARGS, batch_axis=mesh.axis_names[0])
    x = place(x, mesh, P("batch", None))
    noise = place(noise, mesh, P("batch", None))
    specs = (P("batch", None), P("batch", None))
    return shard_module(mixup_fn, mesh, specs, (P("batch", None), P(reduced={"batch"})))(x, noise)


if __name__ == "__main__":
    print(main(*inputs()))
