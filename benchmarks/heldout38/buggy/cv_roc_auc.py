import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_THRESHOLDS = 8


def inputs():
    rng = np.random.default_rng(51)
    scores = rng.uniform(size=(2, 16)).astype(np.float32)
    labels = (rng.uniform(size=(2, 16)) < scores).astype(np.float32)
    return scores, labels


def threshold_counts(scores, labels, data_axis):
    thresholds = jnp.linspace(0.0, 1.0, N_THRESHOLDS)
    above = (scores[..., None] >= thresholds).astype(jnp.float32)
    tp = jax.lax.psum((above * labels[..., None]).sum(axis=1), data_axis)
    fp = jax.lax.psum((above * (1.0 - labels[..., None])).sum(axis=1), data_axis)
    return tp, fp


def cumulative_rates(scores, labels, data_axis="data"):
    tp, fp = threshold_counts(scores, labels, data_axis)
    tpr = tp / jnp.maximum(tp[:, :1], 1.0)
    fpr = fp / jnp.maximum(fp[:, :1], 1.0)
    curve = jnp.stack([fpr, tpr], axis=-1)
    return jax.lax.all_gather(curve, data_axis, axis=0, tiled=True, to="reduced")


def main(scores, labels):
    mesh = jax.make_mesh((2, 4), ("fold", "data"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("fold", "data")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("fold", "data")))
    body = functools.partial(cumulative_rates, data_axis="data")
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("fold", "data"), P("fold", "data")),
                      out_specs=P("fold", None, None, reduced={"data"}))
    return f(scores, labels)


if __name__ == "__main__":
    main(*inputs())
