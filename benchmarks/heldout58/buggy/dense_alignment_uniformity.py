"""Alignment loss of a contrastive retriever averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_REGISTRY = {}


def register_loss(name):
    def wrap(fn):
        LOSS_REGISTRY[name] = fn
        return fn
    return wrap


@register_loss("align")
def alignment(q, p, axes, alpha=2):
    diff = jax.lax.psum(jnp.sum((q - p) ** 2, axis=-1), axes[1])
    per_pair = jnp.sqrt(diff) ** alpha
    return jax.lax.pmean(jnp.mean(per_pair), axis_name=axes)


class RetrieverTrainer:
    axes = ("replica", "shard")

    def __init__(self, loss_name):
        self.loss_fn = LOSS_REGISTRY[loss_name]

    def loss(self, q, p):
        return self.loss_fn(q, p, self.axes)


def inputs():
    rng = np.random.default_rng(44)
    q = rng.standard_normal((8, 16), dtype=np.float32)
    p = q + 0.1 * rng.standard_normal((8, 16), dtype=np.float32)
    return q, p


def main(q, p):
    mesh = jax.make_mesh((2, 4), RetrieverTrainer.axes)
    trainer = RetrieverTrainer("align")
    spec = P(*RetrieverTrainer.axes)
    q = jax.device_put(q, NamedSharding(mesh, spec))
    p = jax.device_put(p, NamedSharding(mesh, spec))
    fn = jax.shard_map(trainer.loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(q, p)


if __name__ == "__main__":
    main(*inputs())
