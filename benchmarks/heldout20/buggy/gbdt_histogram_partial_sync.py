"""Histogram gradient boosting: gradient histograms summed over row shards, then synced for split search."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS, FEAT = "rows", "feat"
N_BINS = 8
mesh = jax.make_mesh((4, 2), (ROWS, FEAT))

sync = functools.partial(jax.lax.all_gather, axis_name=ROWS, axis=0, tiled=True, to="reduced")


def histogram(bins, grad):
    onehot = jax.nn.one_hot(bins, N_BINS)
    return jnp.einsum("nfb,n->fb", onehot, grad)


def body(bins, grad):
    hist = jax.lax.psum(histogram(bins, grad), ROWS)
    return sync(hist)


def inputs():
    bins = jax.random.randint(jax.random.key(30), (32, 8), 0, N_BINS)
    grad = jax.random.normal(jax.random.key(31), (32,))
    return (jax.device_put(bins, NamedSharding(mesh, P(ROWS, FEAT))),
            jax.device_put(grad, NamedSharding(mesh, P(ROWS))))


def main(bins, grad):
    return jax.shard_map(body, mesh=mesh, in_specs=(P(ROWS, FEAT), P(ROWS)),
                         out_specs=P(None, FEAT, reduced={ROWS}))(bins, grad)
