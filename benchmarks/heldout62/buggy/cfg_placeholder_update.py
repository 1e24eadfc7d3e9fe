"""Placeholders filled from a flattened override dict before a vocab-parallel loss is logged."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class _Placeholder:
    def __init__(self, kind):
        self.kind = kind


def placeholder(kind):
    return _Placeholder(kind)


class ConfigDict:
    def __init__(self, tree):
        for key, value in tree.items():
            setattr(self, key, ConfigDict(value) if isinstance(value, dict) else value)

    def update_from_flattened_dict(self, flat):
        for dotted, value in flat.items():
            *parents, leaf = dotted.split(".")
            node = self
            for p in parents:
                node = getattr(node, p)
            current = getattr(node, leaf)
            if isinstance(current, _Placeholder) and not isinstance(value, current.kind):
                raise TypeError(f"{dotted}: expected {current.kind.__name__}")
            setattr(node, leaf, value)


def get_config():
    return ConfigDict({
        "model": {"vocab_axis": "embed"},
        "metrics": {"axes": placeholder(tuple), "every": 10},
    })


def token_nll(logits, labels, vocab_axis):
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), vocab_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1), vocab_axis)
    picked = jax.lax.psum(jnp.sum(logits * labels, axis=-1), vocab_axis)
    return jnp.log(z) + m[:, 0] - picked


def log_loss(nll, cfg):
    return jax.lax.pmean(nll.mean(), cfg.metrics.axes)


def inputs():
    rng = np.random.default_rng(10)
    logits = rng.normal(size=(8, 16)).astype(np.float32)
    labels = np.eye(16, dtype=np.float32)[rng.integers(0, 16, size=8)]
    return logits, labels


def main(logits, labels):
    cfg = get_config()
    cfg.update_from_flattened_dict({"metrics.axes": ("batch", "embed")})
    mesh = jax.make_mesh((4, 2), ("batch", "embed"))
    spec = P("batch", "embed")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))

    def body(logits, labels):
        return log_loss(token_nll(logits, labels, cfg.model.vocab_axis), cfg)

    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(logits, labels)


if __name__ == "__main__":
    main(*inputs())
