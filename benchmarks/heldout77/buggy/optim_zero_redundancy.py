import collections
import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class OptimizerArguments:
    optim: str = "adamw"
    learning_rate: float = 1e-3
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    gradient_accumulation_steps: int = 1
    fsdp_axis: str = "fsdp"
    tensor_axis: str = "tp"

    @classmethod
    def from_kwargs(cls, **kwargs):
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in kwargs.items() if k in names})


class GradientTransformation(NamedTuple):
    init: callable
    update: callable


OPTIMIZER_MAPPING = collections.OrderedDict()


def register_optimizer(name):
    def wrap(factory):
        OPTIMIZER_MAPPING[name] = factory
        return factory
    return wrap


def create_optimizer(args):
    return OPTIMIZER_MAPPING[args.optim](args)


def sharded_step(args, fn, out_specs):
    mesh = jax.make_mesh((2, 4), (args.fsdp_axis, args.tensor_axis))
    spec = P(args.fsdp_axis, args.tensor_axis)

    def run(grads):
        grads = jax.device_put(grads, NamedSharding(mesh, spec))
        return jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=out_specs)(grads)
    return run


def gather_tensor_parallel(args):
    return GradientTransformation(
        init=lambda g: None,
        update=lambda g, s: jax.lax.all_gather(g, args.tensor_axis, axis=1, tiled=True, to="reduced"))


def gather_fsdp(args):
    def update(updates, state):
        return jax.lax.all_gather(updates, (args.fsdp_axis, args.tensor_axis), axis=0, tiled=True, to="reduced")
    return GradientTransformation(init=lambda g: None, update=update)


def chain(*transforms):
    def update(updates, state):
        for tx in transforms:
            updates = tx.update(updates, state)
        return updates
    return GradientTransformation(init=lambda g: None, update=update)


@register_optimizer("zero1")
def zero_redundancy(args):
    return chain(gather_tensor_parallel(args), gather_fsdp(args))


def main(grads):
    args = OptimizerArguments(optim="zero1")
    tx = create_optimizer(args)
    step = sharded_step(args, lambda g: tx.update(g, None), P(reduced={args.fsdp_axis, args.tensor_axis}))
    return step(grads)


def inputs():
    return (np.linspace(-1.0, 1.0, 128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    main(*inputs())
