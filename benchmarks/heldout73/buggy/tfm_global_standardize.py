"""Transformation chain: standardisation with a dataset-wide location and scale."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FieldName:
    TARGET = "target"
    OBSERVED_VALUES = "observed_values"
    PAST_TARGET = "past_target"
    SCALE = "scale"


class DataMesh(NamedTuple):
    series: str = "series"
    time: str = "time"


class Transformation:
    def __call__(self, data):
        raise NotImplementedError

    def __add__(self, other):
        return Chain([self, other])


class Chain(Transformation):
    def __init__(self, transformations):
        self.transformations = []
        for t in transformations:
            self.transformations.extend(t.transformations if isinstance(t, Chain) else [t])

    def __call__(self, data):
        for t in self.transformations:
            data = t(data)
        return data


class MapTransformation(Transformation):
    def __call__(self, data):
        return self.map_transform(dict(data))

    def map_transform(self, data):
        raise NotImplementedError


class AddObservedValuesIndicator(MapTransformation):
    def __init__(self, target_field, output_field, time_axis=None):
        self.target_field = target_field
        self.output_field = output_field
        self.time_axis = time_axis

    def map_transform(self, data):
        target = data[self.target_field]
        mask = ~jnp.isnan(target)
        data[self.output_field] = mask.astype(jnp.float32)
        data[self.target_field] = jnp.where(mask, target, 0.0)
        if self.time_axis is not None:
            fraction = mask.astype(jnp.float32).mean(axis=1, keepdims=True)
            data["observed_fraction"] = jax.lax.pmean(fraction, self.time_axis)
        return data


class GlobalStandardize(MapTransformation):
    def __init__(self, field, axes, eps=1e-6):
        self.field = field
        self.axes = axes
        self.eps = eps

    def location(self, x):
        row_sum = jax.lax.psum(x.sum(axis=1), self.axes[-1])
        return jax.lax.pmean(row_sum.mean(), self.axes) / (x.shape[1] * 2)

    def map_transform(self, data):
        x = data[self.field]
        loc = self.location(x)
        spread = jax.lax.pmean(((x - loc) ** 2).mean(), tuple(self.axes))
        data[self.field] = (x - loc) / jnp.sqrt(spread + self.eps)
        return data


def inputs():
    rng = np.random.default_rng(14)
    target = rng.gamma(2.0, 2.0, size=(16, 8)).astype(np.float32)
    target[::5, 3] = np.nan
    return (target,)


def main(target):
    axes = DataMesh()
    mesh = jax.make_mesh((4, 2), tuple(axes))
    spec = P(*axes)
    transform = Chain([
        AddObservedValuesIndicator(FieldName.TARGET, FieldName.OBSERVED_VALUES),
        GlobalStandardize(FieldName.TARGET, tuple(axes)),
    ])
    target = jax.device_put(target, NamedSharding(mesh, spec))
    run = jax.shard_map(lambda t: transform({FieldName.TARGET: t})[FieldName.TARGET],
                        mesh=mesh, in_specs=spec, out_specs=spec)
    return run(target)


if __name__ == "__main__":
    print(main(*inputs()))
