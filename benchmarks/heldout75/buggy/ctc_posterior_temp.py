"""CTC posteriors with temperature scaling for the N-best rescoring stage."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RESCORE_CONF = {"temperature": 1.5, "vocab_axis": "vocab"}


def full_vocab(logits, axis):
    return jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")


def ctc_posteriors(logits, vocab_axis, temperature):
    full = full_vocab(logits, vocab_axis)
    return jax.nn.log_softmax(full / temperature, axis=-1)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "vocab")))
    body = functools.partial(ctc_posteriors, **RESCORE_CONF)
    return jax.shard_map(body, mesh=mesh, in_specs=P("batch", "vocab"),
                         out_specs=P("batch", None))(logits)


if __name__ == "__main__":
    print(main(*inputs()))
