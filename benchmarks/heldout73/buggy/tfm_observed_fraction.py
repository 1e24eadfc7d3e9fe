"""Transformation chain: observed-value indicators gathered over the time shards before batching."""
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


class GatherFields(MapTransformation):
    def __init__(self, fields, axis_name, dim=1):
        self.fields = fields
        self.axis_name = axis_name
        self.dim = dim

    def map_transform(self, data):
        for field in self.fields:
            data[field] = jax.lax.all_gather(data[field], self.axis_name, axis=self.dim, tiled=True, to="reduced")
        return data


def create_transformation(axes, fields):
    return Chain([
        AddObservedValuesIndicator(FieldName.TARGET, FieldName.OBSERVED_VALUES, time_axis=axes.time),
        GatherFields(fields, axes.time),
    ])


def inputs():
    rng = np.random.default_rng(10)
    target = rng.gamma(2.0, 2.0, size=(16, 8)).astype(np.float32)
    target[::5, 3] = np.nan
    return (target,)


def main(target):
    axes = DataMesh()
    mesh = jax.make_mesh((4, 2), tuple(axes))
    spec = P(axes.series, axes.time)
    fields = [FieldName.TARGET, "observed_fraction"]
    transform = create_transformation(axes, fields)

    def body(target):
        data = transform({FieldName.TARGET: target})
        return tuple(data[f] for f in fields)

    out = P(axes.series, None, reduced={axes.time})
    target = jax.device_put(target, NamedSharding(mesh, spec))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=(out, out))(target)


if __name__ == "__main__":
    print(main(*inputs()))
