"""Offline evaluation: the precision summary of the eval report.

True and flagged positives per replica are counted over the whole score row (every shard's
columns, gathered); the fleet totals are then reduced with the op the stage names.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {
    "mesh": ((4, 2), ("replica", "shard")),
    "stages": ["precision:threshold=80,reduce=sum"],
}


# --- sharding utils -------------------------------------------------------------------------

REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def make_mesh(shape, names):
    return jax.make_mesh(shape, names)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- metrics --------------------------------------------------------------------------------

METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


def parse_stage(text):
    """'auc:bins=16,reduce=sum' -> ('auc', {'bins': 16, 'reduce': 'sum'})"""
    name, _, rest = text.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    return name, options


@metric("precision")
def precision_counts(scores, labels, axes, threshold, reduce):
    row_scores = jax.lax.all_gather(scores, axes[1], axis=1, tiled=True, to="invarying")
    row_labels = jax.lax.all_gather(labels, axes[1], axis=1, tiled=True, to="invarying")
    flagged = (row_scores > threshold / 100.0).astype(jnp.float32)
    counts = jnp.stack([jnp.sum(flagged * row_labels), jnp.sum(flagged)])
    return REDUCERS[reduce](counts, axes)


def inputs():
    rng = np.random.default_rng(34)
    labels = (rng.random((32, 8)) < 0.1).astype(np.float32)
    scores = np.clip(rng.normal(0.3 + 0.5 * labels, 0.2), 0.0, 1.0).astype(np.float32)
    return scores, labels


def main(scores, labels):
    mesh = make_mesh(*EVAL["mesh"])
    axes = mesh.axis_names
    scores = place(mesh, scores, P(*axes))
    labels = place(mesh, labels, P(*axes))
    name, options = parse_stage(EVAL["stages"][0])

    def run(s, y):
        return METRICS[name](s, y, axes, **options)

    return jax.shard_map(run, mesh=mesh, in_specs=(P(*axes), P(*axes)), out_specs=P())(scores, labels)


if __name__ == "__main__":
    main(*inputs())
