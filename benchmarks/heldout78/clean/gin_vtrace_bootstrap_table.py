"""IMPALA learner step: V-trace targets with a bootstrap table, configured by a gin-like string."""
import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_BINDINGS = {}

CONFIG = """
make_mesh.shape = (2, 4)
make_mesh.axis_names = ('actors', 'envs')
vtrace_targets.discount = 0.99
vtrace_targets.clip_rho = 1.0
vtrace_targets.bootstrap_axis = 'envs'
"""


def parse_config(text):
    for raw in text.strip().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            key, value = (part.strip() for part in line.split("=", 1))
            scope, param = key.rsplit(".", 1)
            _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value)


def configurable(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **{**_BINDINGS.get(fn.__name__, {}), **kwargs})
    return wrapper


@configurable
def make_mesh(shape=(8,), axis_names=("batch",)):
    return jax.make_mesh(shape, axis_names)


@configurable
def vtrace_targets(values, rewards, log_rhos, discount=0.9, clip_rho=1.0, bootstrap_axis="batch"):
    rhos = jnp.minimum(jnp.exp(log_rhos), clip_rho)
    bootstrap = jax.lax.pmean(values[-1:], bootstrap_axis)
    table = jax.lax.all_gather(values[-1:], bootstrap_axis, axis=1, tiled=True, to="reduced")
    vs = values + rhos * (rewards + discount * bootstrap - values)
    return vs, table


def inputs():
    rng = np.random.default_rng(0)
    values = rng.normal(size=(8, 16)).astype(np.float32)
    rewards = rng.normal(size=(8, 16)).astype(np.float32)
    log_rhos = 0.1 * rng.normal(size=(8, 16)).astype(np.float32)
    return values, rewards, log_rhos


def main(values, rewards, log_rhos):
    parse_config(CONFIG)
    mesh = make_mesh()
    actors, envs = mesh.axis_names
    spec = P(None, (actors, envs))
    placed = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (values, rewards, log_rhos)]
    learner_step = jax.shard_map(
        vtrace_targets, mesh=mesh, in_specs=(spec, spec, spec),
        out_specs=(spec, P(None, actors, reduced={envs})))
    vs, table = learner_step(*placed)
    return float(vs.sum()), table.shape


if __name__ == "__main__":
    print(main(*inputs()))
