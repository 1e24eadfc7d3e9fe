"""An HfArgumentParser-like parser builds the dataclass; its __post_init__ narrows the axes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import argparse
import dataclasses


@dataclasses.dataclass
class TrainingArguments:
    sync_axes: str = "i,j"
    rows_only: bool = False

    def __post_init__(self):
        if self.rows_only:
            self.sync_axes = self.sync_axes.split(",")[0]


class HfArgumentParser(argparse.ArgumentParser):
    def __init__(self, dataclass_type):
        super().__init__()
        self.dataclass_type = dataclass_type
        for field in dataclasses.fields(dataclass_type):
            self.add_argument(f"--{field.name}", type=type(field.default), default=field.default)

    def parse_args_into_dataclasses(self, args=None):
        namespace = self.parse_args(args)
        return (self.dataclass_type(**vars(namespace)),)


def main(mesh, x):
    (training_args,) = HfArgumentParser(TrainingArguments).parse_args_into_dataclasses([])
    axes = tuple(training_args.sync_axes.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
