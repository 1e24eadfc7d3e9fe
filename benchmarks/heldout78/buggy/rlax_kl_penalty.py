"""RLax-style KL penalty between behaviour and target policies over a split action space."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
DATA, MODEL = "dp", "mp"

AXES = (DATA, MODEL)


def categorical_kl_partial(p_logits, q_logits):
    p = jax.nn.softmax(p_logits, axis=-1)
    return jnp.sum(p * (jax.nn.log_softmax(p_logits) - jax.nn.log_softmax(q_logits)), axis=-1)


def kl_penalty(p_logits, q_logits, beta, action_axis, reduce_fn):
    per_state = jax.lax.psum(categorical_kl_partial(p_logits, q_logits), action_axis)
    return beta * reduce_fn(jnp.mean(per_state))


def inputs():
    rng = np.random.default_rng(44)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(p_logits, q_logits):
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    spec = P(*AXES)
    p_logits, q_logits = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (p_logits, q_logits))
    fn = functools.partial(kl_penalty, beta=0.1, action_axis=MODEL,
                           reduce_fn=functools.partial(jax.lax.pmean, axis_name=AXES))
    return float(jax.shard_map(fn, mesh=mesh, in_specs=(spec, spec), out_specs=P())(p_logits, q_logits))


if __name__ == "__main__":
    print(main(*inputs()))
