"""Rolling-window perplexity: per-window token NLL pooled over the sequence shards, then everywhere."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WINDOWS = 2


def window_nll(logprobs, w):
    width = logprobs.shape[1] // WINDOWS
    return -logprobs[:, w * width:(w + 1) * width].mean(axis=1)


def rolling_perplexity(logprobs, axes):
    docs_axis, seq_axis = axes
    total = 0.0
    for w in range(WINDOWS):
        nll = window_nll(logprobs, w)
        per_doc = jax.lax.all_gather(nll, seq_axis, to="reduced")
        table = jax.lax.all_gather(per_doc, (docs_axis, seq_axis), to="reduced")
        total = total + jnp.max(table)
    return jnp.exp(total / WINDOWS)


def inputs():
    rng = np.random.default_rng(19)
    return (-rng.uniform(0.1, 3.0, (8, 16)).astype(np.float32),)


def main(logprobs):
    mesh = jax.make_mesh((2, 4), ("docs", "seq"))
    logprobs = jax.device_put(logprobs, NamedSharding(mesh, P("docs", "seq")))
    fn = jax.shard_map(lambda lp: rolling_perplexity(lp, mesh.axis_names), mesh=mesh,
                       in_specs=P("docs", "seq"), out_specs=P())
    return fn(logprobs)


if __name__ == "__main__":
    print(main(*inputs()))
