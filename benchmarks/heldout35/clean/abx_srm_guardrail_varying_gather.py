"""Guardrail checks run before any readout: sample-ratio mismatch (chi-square on assignments)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CHECKS = {}
UNIT_AXIS = "user"


def check(name):
    def register(fn):
        CHECKS[name] = fn
        return fn
    return register


def assignment_counts(assigned):
    counts = jnp.stack([jnp.sum(assigned == 0), jnp.sum(assigned == 1)]).astype(jnp.float32)
    return jax.lax.all_gather(counts, UNIT_AXIS)


@check("srm")
def sample_ratio_mismatch(assigned, expected=(0.5, 0.5)):
    per_shard = assignment_counts(assigned)
    total = jax.lax.psum(per_shard, UNIT_AXIS).sum(axis=0)
    exp = total.sum() * jnp.asarray(expected)
    return jnp.sum((total - exp) ** 2 / exp)


def run_guardrails(assigned):
    return jnp.stack([fn(assigned) for fn in CHECKS.values()])


def inputs():
    rng = np.random.default_rng(22)
    return ((rng.uniform(size=(128,)) < 0.52).astype(np.int32),)


def main(assigned):
    mesh = jax.make_mesh((8,), (UNIT_AXIS,))
    assigned = jax.device_put(assigned, NamedSharding(mesh, P(UNIT_AXIS)))
    fn = jax.shard_map(run_guardrails, mesh=mesh, in_specs=P(UNIT_AXIS), out_specs=P())
    return fn(assigned)


if __name__ == "__main__":
    print(main(*inputs()))
