"""Item-embedding export: the item tower's table collected for the ANN index builder.

The table is initialised by a jitted factory with explicit out_shardings (rows split over the item
axis); the export handler collects it with the reduced axes the handler is configured with.
"""
from __future__ import annotations

import abc
from typing import Any, Callable, Dict, Generic, List, Optional, Type, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ------------------------------------------------------------------ cqrs.messaging
class CommandHandlingException(Exception):
    pass


class HandlerNotFoundException(CommandHandlingException):
    pass


class ICommand(abc.ABC):
    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"


class IEvent(abc.ABC):
    pass


C = TypeVar("C", bound=ICommand)


class ICommandHandler(abc.ABC, Generic[C]):
    @abc.abstractmethod
    def handle(self, command: C) -> Any: ...


class CommandBus:
    def __init__(self) -> None:
        self._handlers: Dict[Type[ICommand], ICommandHandler] = {}

    def register(self, command_type: Type[ICommand], handler: ICommandHandler) -> None:
        if command_type in self._handlers:
            raise CommandHandlingException(f"{command_type.__name__} already has a handler")
        self._handlers[command_type] = handler

    def dispatch(self, command: ICommand) -> Any:
        handler = self._handlers.get(type(command))
        if handler is None:
            raise HandlerNotFoundException(type(command).__name__)
        return handler.handle(command)


class EventBus:
    def __init__(self) -> None:
        self._listeners: Dict[Type[IEvent], List[Callable[[IEvent], None]]] = {}

    def subscribe(self, event_type: Type[IEvent], listener: Callable[[IEvent], None]) -> None:
        self._listeners.setdefault(event_type, []).append(listener)

    def publish(self, event: IEvent) -> None:
        for listener in self._listeners.get(type(event), []):
            listener(event)


# ------------------------------------------------------------------ recsys.grid
class GridAxes:
    USERS = "users"
    ITEMS = "items"

    @classmethod
    def both(cls):
        return (cls.USERS, cls.ITEMS)


class MeshHolder:
    _mesh: Optional[jax.sharding.Mesh] = None

    @classmethod
    def mesh(cls) -> jax.sharding.Mesh:
        if cls._mesh is None:
            cls._mesh = jax.make_mesh((2, 4), GridAxes.both())
        return cls._mesh


class AbstractShardedHandler(ICommandHandler[C]):
    """Template method: `handle` wraps the subclass's per-shard `_body` in shard_map + jit."""

    IN_SPECS = (P(GridAxes.USERS, GridAxes.ITEMS), P(GridAxes.ITEMS))

    def handle(self, command: C) -> Any:
        self._command = command
        fn = jax.shard_map(self._body, mesh=MeshHolder.mesh(), in_specs=self.IN_SPECS,
                           out_specs=self._out_specs())
        return jax.jit(fn)(command.interactions, command.item_weights)

    @abc.abstractmethod
    def _body(self, interactions, item_weights): ...

    @abc.abstractmethod
    def _out_specs(self): ...

    @staticmethod
    def user_activity(interactions, item_weights):
        weighted = jnp.sum(interactions * item_weights, axis=1)
        return jax.lax.psum(weighted, GridAxes.ITEMS)


def inputs():
    mesh = MeshHolder.mesh()
    rng = np.random.default_rng(88)
    interactions = (rng.random((16, 32)) < 0.3).astype(np.float32)
    item_weights = rng.uniform(0.5, 1.5, size=(32,)).astype(np.float32)
    interactions = jax.device_put(interactions, NamedSharding(mesh, P(GridAxes.USERS, GridAxes.ITEMS)))
    item_weights = jax.device_put(item_weights, NamedSharding(mesh, P(GridAxes.ITEMS)))
    return interactions, item_weights
from jax._src.shard_map import top_level_all_gather


# ------------------------------------------------------------------ recsys.embeddings
class ItemTowerFactory:
    EMBEDDING_DIM = 8

    @classmethod
    def create_table(cls, num_items: int, seed: int) -> jax.Array:
        sharding = NamedSharding(MeshHolder.mesh(), P(GridAxes.ITEMS, None))

        @jax.jit
        def init(key):
            return jax.random.normal(key, (num_items, cls.EMBEDDING_DIM)) / np.sqrt(cls.EMBEDDING_DIM)

        return jax.jit(init, out_shardings=sharding)(jax.random.key(seed))


class ExportItemEmbeddings(ICommand):
    def __init__(self, table: jax.Array) -> None:
        self.table = table


class ExportItemEmbeddingsHandler(ICommandHandler[ExportItemEmbeddings]):
    def __init__(self, replicated_axes) -> None:
        self._replicated_axes = frozenset(replicated_axes)

    def handle(self, command: ExportItemEmbeddings) -> np.ndarray:
        with jax.set_mesh(MeshHolder.mesh()):
            full = top_level_all_gather(command.table, P(None, None, reduced=self._replicated_axes))
        return np.asarray(full)


def main(interactions: jax.Array, item_weights: jax.Array) -> None:
    table = ItemTowerFactory.create_table(num_items=32, seed=3)
    bus = CommandBus()
    bus.register(ExportItemEmbeddings, ExportItemEmbeddingsHandler(replicated_axes={GridAxes.USERS}))
    index_input = bus.dispatch(ExportItemEmbeddings(table))
    print("index input", index_input.shape, "items with interactions", int((np.asarray(interactions).sum(0) > 0).sum()))


if __name__ == "__main__":
    main(*inputs())
