"""HF's `HfArgumentParser([TrainingArguments]).parse_args_into_dataclasses([...])`: a method of a
plain parser object that builds each dataclass from `dataclasses.fields(dtype)`, casting each
flag's text by `field.type(text)`. Run on the known objects, its result is known: the axes of the
arguments are those the defaults and the flags say."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class TrainingArguments:
    mesh_axes: str = "i"
    learning_rate: float = 5e-5


class HfArgumentParser:
    def __init__(self, dataclass_types):
        self.dataclass_types = list(dataclass_types)

    def parse_args_into_dataclasses(self, args):
        pairs = dict(zip(args[::2], args[1::2]))
        outputs = []
        for dtype in self.dataclass_types:
            kwargs = {}
            for field in dataclasses.fields(dtype):
                flag = "--" + field.name
                if flag in pairs:
                    kwargs[field.name] = field.type(pairs[flag])
            outputs.append(dtype(**kwargs))
        return tuple(outputs)


def main(x):
    (args,) = HfArgumentParser([TrainingArguments]).parse_args_into_dataclasses(["--mesh_axes", "i,j"])
    axes = tuple(args.mesh_axes.split(","))
    mesh = jax.make_mesh((2, 4), ("i", "j"))

    def body(v):
        total = jax.lax.psum(jnp.sum(v), "j")
        return jax.lax.pmean(total, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
