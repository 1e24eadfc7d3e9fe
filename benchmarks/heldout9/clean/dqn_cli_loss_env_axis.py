"""DQN learner script: the TD loss is averaged over the environment axis only, given on the
command line; the replicated Q-network's gradient needs no further reduction."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=()):
    p = argparse.ArgumentParser()
    p.add_argument("--mesh-axes", default="env,model")
    p.add_argument("--reduce-axis", default="env")
    return p.parse_args(list(argv))


ARGS = get_args()
MESH_AXES = tuple(ARGS.mesh_axes.split(","))


def td_loss(q_w, obs, action, target):
    q = jnp.take_along_axis(obs @ q_w, action[:, None], axis=-1)[:, 0]
    return jax.lax.pmean(jnp.mean((q - target) ** 2), axis_name=ARGS.reduce_axis)


def main(q_w, obs, action, target):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    env = P(MESH_AXES[0])
    f = jax.shard_map(jax.value_and_grad(td_loss), mesh=mesh,
                      in_specs=(P(), P(MESH_AXES[0], None), env, env), out_specs=(P(), P()))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    return f(put(q_w, P()), put(obs, P(MESH_AXES[0], None)), put(action, env), put(target, env))


def inputs():
    ks = jax.random.split(jax.random.key(116), 4)
    return (jax.random.normal(ks[0], (4, 3)), jax.random.normal(ks[1], (16, 4)),
            jax.random.randint(ks[2], (16,), 0, 3), jax.random.normal(ks[3], (16,)))
