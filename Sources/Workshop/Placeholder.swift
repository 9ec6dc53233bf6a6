enum WorkshopPlaceholder {}
