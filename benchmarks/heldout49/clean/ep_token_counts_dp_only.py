"""Per-expert token counts for the EP load report, averaged over the whole job."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"dp": "fsdp", "ep": "ep"}


def local_counts(expert_ids, num_experts):
    return jax.nn.one_hot(expert_ids, num_experts).sum(axis=0)


def count_report(expert_ids, num_experts, reduce_over):
    counts = local_counts(expert_ids, num_experts)
    within_node = jax.lax.psum(counts, AXES["ep"])
    return jax.lax.pmean(within_node, axis_name=reduce_over)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "ep"))
    ids = np.random.default_rng(13).integers(0, 8, size=(128,)).astype(np.int32)
    return mesh, jax.device_put(ids, NamedSharding(mesh, P(("fsdp", "ep")))), 8


def main(mesh, ids, num_experts):
    report = functools.partial(count_report, num_experts=num_experts,
                               reduce_over=AXES["dp"])
    f = jax.shard_map(report, mesh=mesh, in_specs=P(("fsdp", "ep")), out_specs=P())
    return f(ids)


if __name__ == "__main__":
    main(*inputs())
