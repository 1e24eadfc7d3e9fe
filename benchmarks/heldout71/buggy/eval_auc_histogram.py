"""Offline evaluation of the fraud model: ROC-AUC from score histograms.

Positive and negative score histograms are summed over the whole eval fleet; the table the AUC
is integrated from is assembled per replica for the eval report.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {
    "mesh": ((4, 2), ("replica", "shard")),
    "stages": ["auc:bins=16,reduce=sum"],
}


# --- sharding utils -------------------------------------------------------------------------

REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def reduce_by(name, x, axes):
    return REDUCERS[name](x, axes)


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


@metric("auc")
def auc_table(scores, labels, axes, bins, reduce):
    edges = jnp.linspace(0.0, 1.0, bins + 1)[1:-1]
    idx = jnp.sum(scores[..., None] > edges, axis=-1)
    onehot = jax.nn.one_hot(idx, bins)
    pos = jnp.sum(onehot * labels[..., None], axis=(0, 1))
    neg = jnp.sum(onehot * (1.0 - labels[..., None]), axis=(0, 1))
    table = reduce_by(reduce, jnp.stack([pos, neg]), axes)
    return jax.lax.all_gather(table, axes[0], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    labels = (rng.random((32, 16)) < 0.1).astype(np.float32)
    scores = np.clip(rng.normal(0.3 + 0.4 * labels, 0.15), 0.0, 1.0).astype(np.float32)
    return scores, labels


def main(scores, labels):
    mesh = make_mesh(*EVAL["mesh"])
    axes = mesh.axis_names
    scores = place(mesh, scores, P(*axes))
    labels = place(mesh, labels, P(*axes))
    name, options = parse_stage(EVAL["stages"][0])

    def run(s, y):
        return METRICS[name](s, y, axes, **options)

    return jax.shard_map(run, mesh=mesh, in_specs=(P(*axes), P(*axes)),
                         out_specs=P(None, None, reduced={axes[0]}))(scores, labels)


if __name__ == "__main__":
    main(*inputs())
