"""A screenshot in a label: scaled to fit, its aspect ratio kept, again on every resize."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class Picture(QLabel):
    """Shows ``image`` (:meth:`show_image`); a null image clears the label, so a text set
    after it stays until the next image."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = QImage()
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setMinimumSize(QSize(120, 160))

    def show_image(self, image: QImage) -> None:
        self.image = image
        self._rescale()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self.image.isNull():
            self._rescale()

    def _rescale(self) -> None:
        if self.image.isNull():
            self.clear()
            return
        self.setPixmap(
            QPixmap.fromImage(self.image).scaled(
                self.size(),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        )
