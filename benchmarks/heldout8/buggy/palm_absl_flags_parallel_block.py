"""PaLM-style parallel attention+MLP block, configured through an absl-like FLAGS object."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FLAGS = types.SimpleNamespace(dp_axis="dp", tp_axis="tp", dp=2, tp=4, d_model=16)


def _reduced_gather(v, axis_name):
    return jax.lax.all_gather(v, axis_name, axis=1, tiled=True, to="reduced")


def parallel_block(x, w_attn, w_mlp):
    attn = x @ w_attn
    mlp = jax.nn.gelu(x @ w_mlp)
    out = jax.lax.psum(attn + mlp, FLAGS.tp_axis)
    return _reduced_gather(out, FLAGS.tp_axis)


def inputs():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(8, FLAGS.d_model)).astype(np.float32)
    w_attn = rng.normal(size=(FLAGS.d_model, 8)).astype(np.float32)
    w_mlp = rng.normal(size=(FLAGS.d_model, 8)).astype(np.float32)
    return x, w_attn, w_mlp


def main(x, w_attn, w_mlp):
    mesh = jax.make_mesh((FLAGS.dp, FLAGS.tp), (FLAGS.dp_axis, FLAGS.tp_axis))
    specs = (P(FLAGS.dp_axis, FLAGS.tp_axis), P(FLAGS.tp_axis, None), P(FLAGS.tp_axis, None))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x, w_attn, w_mlp), specs)]
    block = jax.jit(jax.shard_map(parallel_block, mesh=mesh, in_specs=specs,
                                  out_specs=P(FLAGS.dp_axis, None, reduced={FLAGS.tp_axis})))
    return block(*args)
