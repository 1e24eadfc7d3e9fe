"""Residual VQ audio codec trainer: codebook usage statistics with mappers kept in a dict."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CODEBOOK = 8

SYNC = {
    "sum": lambda v, ax: jax.lax.psum(v, ax),
    "gather": lambda v, ax: jax.lax.all_gather(v, ax, axis=0, tiled=True, to="reduced"),
}


def inputs():
    frames = (np.arange(128, dtype=np.float32) % 7).reshape(16, 8) / 7.0
    codebook = np.linspace(0, 1, CODEBOOK * 8, dtype=np.float32).reshape(CODEBOOK, 8)
    return frames, codebook


def assign(frames, codebook):
    d = jnp.sum((frames[:, None, :] - codebook[None]) ** 2, axis=-1)
    return jax.nn.one_hot(jnp.argmin(d, axis=-1), CODEBOOK)


def usage_stats(frames, codebook, axis):
    counts = jnp.sum(assign(frames, codebook), axis=0, keepdims=True)
    counts = SYNC["sum"](counts, axis)
    return SYNC["gather"](counts, axis)


def main(frames, codebook):
    mesh = jax.make_mesh((8,), ("batch",))
    frames = jax.device_put(frames, NamedSharding(mesh, P("batch", None)))
    codebook = jax.device_put(codebook, NamedSharding(mesh, P()))
    body = functools.partial(usage_stats, axis="batch")
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("batch", None), P()),
                      out_specs=P(None, None, reduced={"batch"}))
    return f(frames, codebook)


if __name__ == "__main__":
    print(main(*inputs()))
