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


class SoftTargetCrossEntropy:
    """Logits are split over classes on the model axis."""

    def __init__(self, class_axis="model", reduction_axes=("batch",)):
        self.class_axis = class_axis
        self.reduction_axes = reduction_axes

    def __call__(self, logits, target):
        m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(axis=-1, keepdims=True)), self.class_axis)
        lse = jnp.log(jax.lax.psum(jnp.exp(logits - m).sum(axis=-1, keepdims=True), self.class_axis)) + m
        loss = jax.lax.psum(jnp.sum(-target * (logits - lse), axis=-1), self.class_axis)
        return jax.lax.pmean(loss.mean(), self.reduction_axes)


_LOSSES = {"soft_target": SoftTargetCrossEntropy}


def create_loss(name, mesh, **kwargs):
    kwargs.setdefault("reduction_axes", tuple(mesh.axis_names))
    return _LOSSES[name](class_axis=mesh.axis_names[-1], **kwargs)


def inputs():
    rng = np.random.default_rng(44)
    logits = rng.standard_normal((8, 16)).astype(np.float32)
    target = rng.dirichlet(np.ones(16), size=8).astype(np.float32)
    return logits, target


def main(logits, target):
    mesh = create_mesh()
    loss_fn = create_loss("soft_target", mesh)
    logits = place(logits, mesh, P("batch", "model"))
    target = place(target, mesh, P("batch", "model"))
    return shard_module(loss_fn, mesh, (P("batch", "model"), P("batch", "model")), P())(logits, target)


if __name__ == "__main__":
    print(main(*inputs()))
