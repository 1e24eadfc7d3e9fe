"""Eval metrics, each reduced over the axes its per-device value is split on (a table)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = {
    "loss": ("data", "seq"),
    "tokens": ("data", "seq"),
    "accuracy": ("data", "seq"),
}


def inputs():
    rng = np.random.default_rng(7)
    return rng.normal(size=(8, 16, 5)).astype(np.float32), rng.integers(0, 5, size=(8, 16)).astype(np.int32)


def main(logits, labels):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "seq")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data", "seq")))
    axes = dict(METRIC_AXES)
    # the per-example loss is computed after a sum over the sequence, so it is split on data only
    axes["loss"] = ("data",)

    def evaluate(lg, lb):
        logp = jax.nn.log_softmax(lg)
        nll = -jnp.take_along_axis(logp, lb[..., None], axis=-1)[..., 0]
        per_example = jax.lax.psum(jnp.sum(nll, axis=1), "seq")
        metrics = {
            "loss": jnp.sum(per_example),
            "tokens": jnp.asarray(lb.size, jnp.float32),
            "accuracy": jnp.sum((jnp.argmax(lg, -1) == lb).astype(jnp.float32)),
        }
        return {k: jax.lax.psum(v, axes[k]) for k, v in metrics.items()}

    out = jax.shard_map(evaluate, mesh=mesh, in_specs=(P("data", "seq"), P("data", "seq")),
                        out_specs=P())(logits, labels)
    return out["loss"] / out["tokens"] + out["accuracy"]


if __name__ == "__main__":
    print(main(*inputs()))
