"""A haiku-like transform: parameters and sown intermediates live on a frame stack."""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_FRAMES = []


class Frame:
    def __init__(self, params):
        self.params = params
        self.collections = collections.defaultdict(dict)


def get_parameter(name):
    return _FRAMES[-1].params[name]


def sow(collection, name, value):
    _FRAMES[-1].collections[collection][name] = value


def transform(fn):
    @functools.wraps(fn)
    def apply(params, *args, **kwargs):
        _FRAMES.append(Frame(params))
        try:
            out = fn(*args, **kwargs)
        finally:
            frame = _FRAMES.pop()
        return out, {k: dict(v) for k, v in frame.collections.items()}

    return apply


def attention_logits(q, k, *, head_axis="model"):
    logits = q * k * get_parameter("temperature")
    sow("intermediates", "logits", jax.lax.all_gather(logits, head_axis, axis=1, to="reduced", tiled=True))
    return logits


def summarise(tree, reduce_fn, axis):
    return {name: reduce_fn(value, axis) for name, value in tree.items()}


def inputs():
    rng = np.random.default_rng(1)
    q = rng.normal(size=(8, 16)).astype(np.float32)
    k = rng.normal(size=(8, 16)).astype(np.float32)
    return {"temperature": np.float32(0.125)}, q, k


def main(params, q, k):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    q = jax.device_put(q, NamedSharding(mesh, P("data", "model")))
    k = jax.device_put(k, NamedSharding(mesh, P("data", "model")))
    params = {"temperature": jax.device_put(params["temperature"], NamedSharding(mesh, P()))}
    forward = transform(attention_logits)

    def body(params, q, k):
        logits, state = forward(params, q, k)
        peaks = summarise(state["intermediates"], jax.lax.pmax, "model")
        return logits, peaks["logits"]

    run = jax.shard_map(body, mesh=mesh, in_specs=({"temperature": P()}, P("data", "model"), P("data", "model")),
                        out_specs=(P("data", "model"), P("data", None)))
    return run(params, q, k)


if __name__ == "__main__":
    main(*inputs())
