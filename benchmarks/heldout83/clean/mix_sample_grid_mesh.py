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
from jax._src.shard_map import top_level_all_gather


class FastCollateMixup:
    def __init__(self, mixup_alpha=0.8, cutmix_alpha=1.0, seed=0):
        self.mixup_alpha = mixup_alpha
        self.cutmix_alpha = cutmix_alpha
        self.rng = np.random.default_rng(seed)

    def __call__(self, images):
        lam, use_cutmix = sample_lam(self.rng, self.mixup_alpha, self.cutmix_alpha)
        if use_cutmix:
            images = images.copy()
            images[:, : images.shape[1] // 2] = images[::-1, : images.shape[1] // 2]
            return images
        return lam * images + (1 - lam) * images[::-1]


def save_sample_grid(batch, spec):
    grid = top_level_all_gather(batch, P(None, *spec[1:], reduced={spec[0]}))
    return np.asarray(grid).reshape(-1, 4, 4)


def inputs():
    rng = np.random.default_rng(43)
    return (rng.uniform(0.0, 1.0, (8, 16)).astype(np.float32),)


def main(images):
    mesh = create_mesh()
    collate = FastCollateMixup(seed=1)
    spec = P("batch", "model")
    with jax.set_mesh(mesh):
        batch = place(collate(images), mesh, spec)
        return save_sample_grid(batch, spec)


if __name__ == "__main__":
    print(main(*inputs()).shape)
