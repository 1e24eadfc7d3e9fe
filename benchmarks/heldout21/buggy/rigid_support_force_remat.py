"""Ground support force per environment, inside a rematerialised physics step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENV_AXIS, BODY_AXIS = "env", "body"
DT = 1.0 / 240.0


def contact_normals(pos, vel, stiffness=1e3, damping=10.0):
    depth = jnp.maximum(-pos[..., 2], 0.0)
    return stiffness * depth - damping * vel[..., 2] * (depth > 0)


@jax.checkpoint
def step(pos, vel):
    fn = contact_normals(pos, vel)
    all_contacts = jax.lax.all_gather(fn, BODY_AXIS, axis=1, tiled=True, to="reduced")
    support = jax.lax.psum(jnp.sum(all_contacts, axis=1), BODY_AXIS)
    vel = vel.at[..., 2].add(DT * fn)
    return pos + DT * vel, vel, support


def rollout(pos, vel):
    pos, vel, support = step(pos, vel)
    return pos, support


def inputs():
    rng = np.random.default_rng(107)
    pos = rng.standard_normal((4, 8, 3)).astype(np.float32) * 0.1
    vel = rng.standard_normal((4, 8, 3)).astype(np.float32)
    return pos, vel


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), (ENV_AXIS, BODY_AXIS))
    spec = P(ENV_AXIS, BODY_AXIS, None)
    pos, vel = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pos, vel))
    fn = jax.shard_map(rollout, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, P(ENV_AXIS)))
    return fn(pos, vel)


if __name__ == "__main__":
    print(main(*inputs()))
