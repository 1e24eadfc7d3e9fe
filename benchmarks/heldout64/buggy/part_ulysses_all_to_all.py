"""Sequence-parallel attention input: sequence unsharded, then heads split with all_to_all."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SequenceParallelPlan:
    seq_axis: str = "fsdp"
    head_axis: str = "fsdp"
    batch_axes: tuple = ("data",)

    def activation_spec(self):
        return P(self.batch_axes, self.seq_axis, None, None)


def unshard(x, axis, dim):
    return jax.lax.all_gather(x, axis, axis=dim, tiled=True, to="reduced")


def seq_to_heads(x, plan):
    return jax.lax.all_to_all(x, plan.head_axis, split_axis=2, concat_axis=1, tiled=True)


def attention_inputs(q, plan):
    q = unshard(q, plan.seq_axis, dim=1)
    return seq_to_heads(q, plan)


def inputs():
    rng = np.random.default_rng(38)
    return (rng.standard_normal((4, 8, 4, 2)).astype(np.float32),)


def main(q):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    plan = SequenceParallelPlan()
    spec = plan.activation_spec()
    q = jax.device_put(q, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda x: attention_inputs(x, plan), mesh=mesh, in_specs=(spec,),
                       out_specs=P(plan.batch_axes, None, plan.head_axis, None))
    return jax.jit(fn)(q)


if __name__ == "__main__":
    main(*inputs())
