"""Gemma-like sampling loop: vocabulary sharded over 'vocab', batch of prompts over 'batch'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLING = {"batch_axis": "batch", "vocab_axis": "vocab", "steps": 2}
mesh = jax.make_mesh((2, 4), (SAMPLING["batch_axis"], SAMPLING["vocab_axis"]))


def full_logits(logits, axes):
    return jax.lax.all_gather(logits, axes, axis=-1, tiled=True, to="reduced")


def sample(embed, w_out, tokens, cfg=SAMPLING):
    out = []
    for _ in range(cfg["steps"]):
        h = embed[tokens]
        tokens = jnp.argmax(h @ embed.T, -1)
        out.append(tokens)
    logits = h @ w_out.T
    vocab_view = full_logits(logits, cfg["vocab_axis"])
    logged = full_logits(vocab_view, (cfg["batch_axis"], cfg["vocab_axis"]))
    return jnp.stack(out), logged


def inputs():
    embed = jax.random.normal(jax.random.key(7), (32, 8))
    tokens = jnp.arange(4, dtype=jnp.int32)
    return (jax.device_put(embed, NamedSharding(mesh, P())),
            jax.device_put(embed * 0.5, NamedSharding(mesh, P(SAMPLING["vocab_axis"]))),
            jax.device_put(tokens, NamedSharding(mesh, P(SAMPLING["batch_axis"]))))


def main(embed, w_out, tokens):
    f = jax.shard_map(lambda e, w, t: sample(e, w, t), mesh=mesh,
                      in_specs=(P(), P(SAMPLING["vocab_axis"]), P(SAMPLING["batch_axis"])),
                      out_specs=(P(None, SAMPLING["batch_axis"]),
                                 P(None, reduced={SAMPLING["batch_axis"], SAMPLING["vocab_axis"]})))
    return f(embed, w_out, tokens)
