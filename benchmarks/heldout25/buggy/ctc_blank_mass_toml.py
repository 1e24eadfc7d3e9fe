"""Blank-posterior mass per utterance for a CTC acoustic model, configured from TOML."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = tomllib.loads("""
[model]
vocab = 32
blank_id = 0

[mesh]
shape = [2, 4]
data_axis = "utt"
vocab_axis = "vocab"
""")


def blank_mass(log_probs, cfg=CONFIG):
    vocab_axis = cfg["mesh"]["vocab_axis"]
    vocab_local = cfg["model"]["vocab"] // cfg["mesh"]["shape"][1]
    is_blank_shard = jax.lax.axis_index(vocab_axis) == cfg["model"]["blank_id"] // vocab_local
    local = jnp.where(is_blank_shard, jnp.exp(log_probs[..., 0]).mean(axis=-1), 0.0)
    mass = jax.lax.psum(local, vocab_axis)
    return jax.lax.all_gather(mass, vocab_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(22)
    logits = rng.normal(size=(8, 20, CONFIG["model"]["vocab"])).astype(np.float32)
    return (np.asarray(jax.nn.log_softmax(logits, axis=-1)),)


def main(log_probs, cfg=CONFIG):
    m = cfg["mesh"]
    mesh = jax.make_mesh(tuple(m["shape"]), (m["data_axis"], m["vocab_axis"]))
    spec = P(m["data_axis"], None, m["vocab_axis"])
    log_probs = jax.device_put(log_probs, NamedSharding(mesh, spec))
    return jax.shard_map(blank_mass, mesh=mesh, in_specs=spec,
                         out_specs=P(None, m["data_axis"], reduced={m["vocab_axis"]}))(log_probs)


if __name__ == "__main__":
    print(main(*inputs()))
