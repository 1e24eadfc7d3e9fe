"""Exposure sampler: the probability of surfacing each user in the re-engagement campaign.

User activity is replicated along the user axis so the sampler sees every user, then turned into
sampling probabilities with a softmax.
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


# ------------------------------------------------------------------ recsys.campaigns
class SampleCampaignAudience(ICommand):
    def __init__(self, interactions, item_weights, temperature: float = 4.0) -> None:
        self.interactions = interactions
        self.item_weights = item_weights
        self.temperature = temperature


class SampleCampaignAudienceHandler(AbstractShardedHandler[SampleCampaignAudience]):
    def _body(self, interactions, item_weights):
        activity = self.user_activity(interactions, item_weights)
        everyone = jax.lax.all_gather(-activity, GridAxes.USERS, tiled=True, to="invarying")
        return jax.nn.softmax(everyone / self._command.temperature)

    def _out_specs(self):
        return P(None)


def main(interactions: jax.Array, item_weights: jax.Array) -> None:
    bus = CommandBus()
    bus.register(SampleCampaignAudience, SampleCampaignAudienceHandler())
    probs = np.asarray(bus.dispatch(SampleCampaignAudience(interactions, item_weights)))
    audience = np.random.default_rng(0).choice(len(probs), size=4, replace=False, p=probs / probs.sum())
    print("campaign audience", sorted(audience.tolist()))


if __name__ == "__main__":
    main(*inputs())
