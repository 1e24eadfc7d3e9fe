"""DPO training step metrics: implicit rewards logged like TRL's DPOTrainer does."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "data"
BETA = 0.1


def implicit_rewards(policy_logps, ref_logps):
    return jax.lax.all_gather(policy_logps - ref_logps, DATA, axis=0, tiled=True, to="reduced")


def step_metrics(pc, pr, rc, rr):
    stats = {
        "logps/chosen": pc.sum(-1),
        "logps/rejected": pr.sum(-1),
        "rewards/chosen": implicit_rewards(pc.sum(-1), rc.sum(-1)),
    }
    return {name: jax.lax.pmean(jnp.sum(value), DATA) for name, value in stats.items()}


def inputs():
    rng = np.random.default_rng(2623)
    return tuple(rng.standard_normal((8, 12)).astype(np.float32) for _ in range(4))


def main(pc, pr, rc, rr):
    mesh = jax.make_mesh((8,), (DATA,))
    arrays = [jax.device_put(a, NamedSharding(mesh, P(DATA))) for a in (pc, pr, rc, rr)]
    fn = jax.shard_map(step_metrics, mesh=mesh, in_specs=(P(DATA),) * 4, out_specs=P())
    return fn(*arrays)


if __name__ == "__main__":
    print(main(*inputs()))
