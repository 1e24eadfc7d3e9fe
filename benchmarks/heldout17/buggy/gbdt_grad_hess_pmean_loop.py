"""GBDT boosting round: mean gradient and hessian statistics over every mesh axis of size > 1."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def logistic_grad_hess(margin, label):
    p = jax.nn.sigmoid(margin)
    return p - label, p * (1 - p)


def make_stats(mesh):
    axes = []
    for name in mesh.axis_names:
        if mesh.shape[name] > 1:
            axes.append(name)

    def stats(margin, label):
        g, h = logistic_grad_hess(margin, label)
        gh = jax.lax.psum(jnp.stack([jnp.sum(g), jnp.sum(h)]), "feat")
        return jax.lax.pmean(gh, tuple(axes))
    return stats


def inputs():
    mesh = jax.make_mesh((4, 2, 1), ("rows", "feat", "trees"))
    margin = jnp.linspace(-2, 2, 8 * 4).reshape(8, 4)
    label = (margin > 0).astype(jnp.float32)
    return mesh, margin, label


def main(mesh, margin, label):
    spec = P("rows", "feat")
    margin, label = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (margin, label))
    f = jax.shard_map(make_stats(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return f(margin, label)
