"""Transformation chain: past windows split per instance, then batched across the whole mesh."""
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


class InstanceSplitter(MapTransformation):
    def __init__(self, target_field, past_length, time_axis):
        self.target_field = target_field
        self.past_length = past_length
        self.time_axis = time_axis

    def map_transform(self, data):
        full = jax.lax.all_gather(data[self.target_field], self.time_axis, axis=1, tiled=True, to="reduced")
        data["past_" + self.target_field] = full[:, -self.past_length:]
        return data


class Batchify(MapTransformation):
    def __init__(self, fields, axes):
        self.fields = fields
        self.axes = axes

    def map_transform(self, data):
        return {f: jax.lax.all_gather(data[f], self.axes, axis=0, tiled=True, to="reduced") for f in self.fields}


def inputs():
    rng = np.random.default_rng(11)
    target = rng.gamma(2.0, 2.0, size=(16, 8)).astype(np.float32)
    target[::5, 3] = np.nan
    return (target,)


def main(target, past_length=6):
    axes = DataMesh()
    mesh = jax.make_mesh((4, 2), tuple(axes))
    spec = P(*axes)
    transform = (
        AddObservedValuesIndicator(FieldName.TARGET, FieldName.OBSERVED_VALUES)
        + InstanceSplitter(FieldName.TARGET, past_length, axes.time)
        + Batchify([FieldName.PAST_TARGET], tuple(axes))
    )

    def body(target):
        return transform({FieldName.TARGET: target})[FieldName.PAST_TARGET]

    target = jax.device_put(target, NamedSharding(mesh, spec))
    out = P(None, None, reduced=set(axes))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=out)(target)


if __name__ == "__main__":
    print(main(*inputs()))
