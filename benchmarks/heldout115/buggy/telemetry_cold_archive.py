"""Cold archive: the raw readings collected sensor-complete for the nightly archive job.

The archive layout is read from application properties: the axis each archived block stays split
on, and the axes the archive replicates (the ops team keeps both in the properties file).
"""
from __future__ import annotations

import abc
from typing import Any, Callable, Dict, Optional, Tuple, Type

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ------------------------------------------------------------------ framework.context
class BeanCreationException(Exception):
    pass


class NoSuchBeanDefinitionException(BeanCreationException):
    pass


class ApplicationContext:
    """Spring-style context: @component classes are instantiated lazily, once, on first lookup."""

    _definitions: Dict[type, type] = {}
    _beans: Dict[type, Any] = {}
    _properties: Dict[str, str] = {}

    @classmethod
    def component(cls, iface: type) -> Callable[[type], type]:
        def register(impl: type) -> type:
            cls._definitions[iface] = impl
            return impl
        return register

    @classmethod
    def get_bean(cls, iface: type) -> Any:
        if iface not in cls._beans:
            impl = cls._definitions.get(iface)
            if impl is None:
                raise NoSuchBeanDefinitionException(iface.__name__)
            cls._beans[iface] = impl()
        return cls._beans[iface]

    @classmethod
    def load_properties(cls, text: str) -> None:
        for line in text.strip().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition("=")
            cls._properties[key.strip()] = value.strip()

    @classmethod
    def property(cls, key: str, default: Optional[str] = None) -> str:
        value = cls._properties.get(key, default)
        if value is None:
            raise BeanCreationException(f"missing property {key!r}")
        return value


class Autowired:
    """Descriptor resolving a bean from the context on first access."""

    def __init__(self, iface: type) -> None:
        self._iface = iface

    def __set_name__(self, owner, name) -> None:
        self._name = "_autowired_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        bean = getattr(obj, self._name, None)
        if bean is None:
            bean = ApplicationContext.get_bean(self._iface)
            setattr(obj, self._name, bean)
        return bean


class Value:
    """Descriptor reading an application property, optionally converted."""

    def __init__(self, key: str, converter: Callable[[str], Any] = str, default: Optional[str] = None) -> None:
        self._key = key
        self._converter = converter
        self._default = default

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return self._converter(ApplicationContext.property(self._key, self._default))


def axis_list(text: str) -> Tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


# ------------------------------------------------------------------ telemetry.infrastructure
class IMeshProvider(abc.ABC):
    @abc.abstractmethod
    def get_mesh(self) -> jax.sharding.Mesh: ...


@ApplicationContext.component(IMeshProvider)
class FleetMeshProvider(IMeshProvider):
    sensor_axis = Value("mesh.sensor-axis", default="sensors")
    window_axis = Value("mesh.window-axis", default="window")

    def __init__(self) -> None:
        self._mesh: Optional[jax.sharding.Mesh] = None

    def get_mesh(self) -> jax.sharding.Mesh:
        if self._mesh is None:
            self._mesh = jax.make_mesh((4, 2), (self.sensor_axis, self.window_axis))
        return self._mesh


class ISignalProcessor(abc.ABC):
    @abc.abstractmethod
    def energy(self, readings: jax.Array, gains: jax.Array) -> jax.Array: ...


@ApplicationContext.component(ISignalProcessor)
class CalibratedSignalProcessor(ISignalProcessor):
    """Per-sensor signal energy; the time window is split over the window axis."""

    mesh_provider = Autowired(IMeshProvider)

    def energy(self, readings, gains):
        window_axis = self.mesh_provider.window_axis
        calibrated = readings * gains
        return jax.lax.psum(jnp.sum(calibrated * calibrated, axis=1), window_axis)


def inputs():
    provider: FleetMeshProvider = ApplicationContext.get_bean(IMeshProvider)
    mesh = provider.get_mesh()
    rng = np.random.default_rng(4242)
    readings = rng.normal(size=(32, 16)).astype(np.float32)
    gains = (1.0 + 0.05 * rng.standard_normal(16)).astype(np.float32)
    readings = jax.device_put(readings, NamedSharding(mesh, P(provider.sensor_axis, provider.window_axis)))
    gains = jax.device_put(gains, NamedSharding(mesh, P(provider.window_axis)))
    return readings, gains
from jax._src.shard_map import top_level_all_gather


ApplicationContext.load_properties("""
mesh.sensor-axis = sensors
mesh.window-axis = window
archive.split-axis = window
archive.replicated-axes =
""")


class IArchiveWriter(abc.ABC):
    @abc.abstractmethod
    def archive(self, readings: jax.Array) -> np.ndarray: ...


@ApplicationContext.component(IArchiveWriter)
class ColdArchiveWriter(IArchiveWriter):
    mesh_provider = Autowired(IMeshProvider)
    split_axis = Value("archive.split-axis")
    replicated_axes = Value("archive.replicated-axes", axis_list)

    @property
    def layout(self) -> P:
        return P(None, self.split_axis, reduced=set(self.replicated_axes))

    def archive(self, readings):
        with jax.set_mesh(self.mesh_provider.get_mesh()):
            blocks = top_level_all_gather(readings, self.layout)
        return np.asarray(blocks)


def main(readings: jax.Array, gains: jax.Array) -> None:
    writer: IArchiveWriter = ApplicationContext.get_bean(IArchiveWriter)
    archived = writer.archive(readings)
    print("archived", archived.shape, "mean gain", float(jnp.mean(gains)))


if __name__ == "__main__":
    main(*inputs())
